"""The bundled colour themes, one ``*.tcss`` file each; installed as the package ``swisstui.themes``.

This file only makes the folder a package, so that an installed swisstui (a wheel,
``pipx``) and an editable checkout find the themes the same way. Your own themes go
in your themes folder (see the README, "Themes"), not here.
"""
