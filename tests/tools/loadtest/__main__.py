"""`make loadtest`: `python -m tests.tools.loadtest [--no-faults] …`, with the production settings."""

from tests.tools.run import run

if __name__ == "__main__":
    run("loadtest", "tests.tools.loadtest.command", "scorekeeper.config.settings")
