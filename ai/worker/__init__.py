"""The search beside the window: the messages (plain values) and the process that answers them."""
