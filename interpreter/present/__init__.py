"""present: what one seat sees, and how it is drawn for a person.

`views.view` builds a seat's view as plain data from what the game declares visible (through
runtime/visibility.py); `terminal` renders views with rich; `board_draw` and `board_cards`
draw boards; `screen_words` says names and values in words. Draws only; decides nothing.
"""
