"""The session: one event file open, and every operation an arbiter does on it.

Empty on purpose: the pairing child process imports :mod:`swisstui.session.pairing_process`
alone, and screens import what they use by its module.
"""
