"""Our own date and time formats where Django's differ from what Swiss clubs read (FORMAT_MODULE_PATH)."""
