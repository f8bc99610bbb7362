"""effects: the effect language, from text to the Python functions the VM runs.

A Lark grammar (`grammar.lark`, `parser`) turns texts into a syntax tree (`ast`), which
every check and scan reads through one walk (`ast_walk`); the compiler (`compiler` for
expressions, `templates` for texts with {fields}, `script`, `handover`, `control`,
`procedures`, `blocks` for statements and where they stop) checks types (`types`, `names`,
`signature`) and generates Python (`codegen`) calling the helpers of `runtime` (the
generated code's own runtime, not the game driver), the builtins (`builtins`, `calls`),
values (`values`), option menus (`menus`), chance (`rng`) and the mechanics (`mechanics/`).
`treewalk` interprets the same trees directly: the honest baseline the compiled code is
measured and checked against. Imports boards, load and below.
"""
