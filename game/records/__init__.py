"""Match records: the .mat model, reader and writer, GNU Backgammon's Match ID, and replaying a record."""
