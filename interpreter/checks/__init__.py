"""checks: findings about a game definition before any game runs.

Cross-references and consistency (`consistency`, driven by tables), card attributes across the
cards of a type (`attributes`), locals read before they are set (`unset`). Each finding is
located (file:line:col) and worded for the designer. Imports effects (to read the syntax
trees), boards and load; the builder (build/) runs them.
"""
