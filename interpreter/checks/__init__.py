"""checks: findings about a game definition before any game runs.

Cross-references and consistency (`consistency`, driven by tables), card attributes across the
cards of a type (`attributes`), locals read before they are set (`unset`), and what they share
(`common`: card fields, card sources, label fields, the names a tree uses). Each finding is
located (file:line:col) and worded for the designer. Syntax trees are read through the one
walk (effects/ast_walk). Imports effects, boards and load; the builder (build/) runs them.
"""
