"""English as written in Switzerland: day before month, dotted short dates, the 24-hour clock.

Django's own English formats are American (03/04/2025, 5:30 p.m.), which no club here would write.
"""

DATE_FORMAT = "j F Y"
SHORT_DATE_FORMAT = "d.m.Y"
DATETIME_FORMAT = "j F Y, H:i"
SHORT_DATETIME_FORMAT = "d.m.Y H:i"
TIME_FORMAT = "H:i"
MONTH_DAY_FORMAT = "j F"
YEAR_MONTH_FORMAT = "F Y"
FIRST_DAY_OF_WEEK = 1  # Monday
