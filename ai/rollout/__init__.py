"""Rollouts: settle a checker play or a cube decision by playing it out many times.

:func:`ai.rollout.run.rollout_moves` and :func:`ai.rollout.run.rollout_cube` (the engine's
:meth:`ai.engine.Engine.rollout` calls them) take :class:`ai.rollout.settings.RolloutSettings`
and answer :class:`ai.rollout.settings.RolloutResult`. The modules:

* ``settings``: what is asked and what comes back (plain values);
* ``dice``: each trial's dice from the seed, the first two rolls stratified;
* ``cubeful``: payoffs from the reported side's view, the cube actions inside the games;
* ``play``: the games themselves, all in step, with variance reduction;
* ``pool``: the trials shared among processes;
* ``run``: the candidates, the tally, the early stop.

docs/rollouts.md describes the method and its measurements.
"""
