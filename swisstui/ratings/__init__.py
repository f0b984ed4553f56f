"""The FIDE rating list on this machine: reading the files FIDE publishes, keeping them in SQLite.

:mod:`swisstui.ratings.fide_list` reads the published layouts (TXT with or without the FOA
column, single-type TXT, XML, each plain or in its ZIP) one player at a time;
:mod:`swisstui.ratings.db` keeps one list per month in a local database and looks players
up by FIDE ID or by the start of their name. Nothing here touches an event or the network.
"""
