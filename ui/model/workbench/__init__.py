"""The analysis workbench's models: the position editor, exports, the temperature map, rollouts."""
