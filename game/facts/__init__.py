"""Facts about a position, counted exactly from the rules: what an explanation stands on.

:mod:`game.facts.board` counts the board's facts after a move (pips, blots, shots, points, primes,
anchors...), using the rules' own move generator for the shots; :mod:`game.facts.chances` holds the
engine's numbers beside them (handed in: nothing here evaluates); :mod:`game.facts.why` compares two
moves' facts, or a cube decision's numbers, as typed data that the words are made from later
(docs/explanations.md says what each fact means and how it is counted). Imports nothing of ours but
the rules and itself.
"""
