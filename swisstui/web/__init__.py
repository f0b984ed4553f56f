"""The event over HTTP: the hall display of pairings and standings, the app served to a
browser, and the access keys that guard both. Above the session (the app served starts
an isolated child) and below the command line, which starts them."""
