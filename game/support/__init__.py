"""Support for the game and its tools: atomic files, bundled resources, the running process, licence
notices, checked values.
"""
