"""`make loadtest`: a tournament day on loopback, with a worker killed and PostgreSQL restarted midway.

driver   the clients on asyncio: table phones posting deals, spectators polling the standings
servers  the gunicorn app servers, and the faults (SIGKILL a worker, restart PostgreSQL)
event    the fresh database, the event of 500 tables, and the check that no deal was lost or doubled
"""
