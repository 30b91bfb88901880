"""The front end's model, no pygame: the session, the turn, saved settings and games, statistics, the
tutor's judgement.
"""
