"""Backgammon: play against the computer, or use the command-line tools.

python main.py                 play (the pygame window)
python main.py hint ...        rank the legal moves of a position (see --help)
python main.py replay-seed S   the dice a game seed gives, to check a finished game
python main.py autoplay ...    the computer plays a match against itself (see --help)
python main.py --selftest      headless check of assets, weights, a frame and an AI game
"""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    from ai.blas import use_one_thread

    use_one_thread()  # before anything imports numpy; the AI's search process inherits it
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["hint"]:
        from ai.hint import main as hint_main

        return hint_main(args[1:])
    if args[:1] == ["autoplay"]:
        from ai.autoplay import main as autoplay_main

        return autoplay_main(args[1:])
    if args[:1] == ["replay-seed"]:
        from game.replay_cli import main as replay_main

        return replay_main(args[1:])
    if "--selftest" in args:
        from game.ui.selftest import main as selftest_main

        return selftest_main([a for a in args if a != "--selftest"])
    if args[:1] in (["-h"], ["--help"]):
        print(__doc__)
        return 0
    from game.ui.app import main as app_main

    return app_main(args)


if __name__ == "__main__":
    import multiprocessing

    multiprocessing.freeze_support()  # the AI's search process, when frozen by PyInstaller
    sys.exit(main())
