"""The app's own machinery that is not a screen: keys read from the terminal, typeahead,
themes, notices, the command palette, the help table, the arbiter's preferences."""
