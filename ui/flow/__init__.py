"""The turn flow, no pygame: intents in, effects out; the cube and the tutor's steps."""
