"""The application: the window, the main loop that owns the clock, the selftest."""
