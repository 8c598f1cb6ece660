"""`make bench`: `python -m tests.tools.bench [--only NAME]`, on the test settings' throwaway database."""

from tests.tools.run import run

if __name__ == "__main__":
    run("bench", "tests.tools.bench.command", "scorekeeper.config.test_settings")
