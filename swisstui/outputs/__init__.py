"""What is published or exported from an event: lists and prize sheets (HTML, CSV), the
cross table, the standings as text, the TRF file. Below the session, which publishes
through them; above the store, whose event they read."""
