"""boards: board geometry declared in YAML, compiled once into lookup tables.

A grid (`grid`: chess-like squares) or a hex map (`hex`: faces, corners and sides) becomes
tables every shape shares (`tables`: distances, reach, connected groups); `geometry` compiles a
board declaration; the board builtins that rules call read those tables (`builtins`,
`hex_builtins`). Imports only load's vocabulary and errors.
"""
