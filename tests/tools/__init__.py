"""Dev tooling that lives with the tests, outside the installed package: `make bench` (bench/) and
`make loadtest` (loadtest/). Each runs as `python -m tests.tools.NAME` and imports its dev dependencies
(Playwright, aiohttp) itself."""
