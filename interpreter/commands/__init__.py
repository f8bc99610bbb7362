"""The command-line commands, one module each; cli.py only groups them."""
