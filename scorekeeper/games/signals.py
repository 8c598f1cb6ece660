"""What a game tells the apps built on it, so it never imports them (the layers contract)."""

from django.dispatch import Signal

game_scored = Signal()
"""A finished game's result was written or may have changed (a deal added, corrected or deleted).

Sent inside the write's transaction, with `game` and `result` (the engine's GameResult): a receiver's
writes commit or roll back with the deal. Ratings listen to it.
"""
