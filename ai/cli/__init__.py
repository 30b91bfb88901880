"""The command-line commands that main.py's table runs: each has add_arguments(parser) and run(args,
parser).
"""
