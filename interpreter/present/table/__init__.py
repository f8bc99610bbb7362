"""The full-screen table of `rulebook play` (Textual): panels that stay in view."""
from .app import TableApp  # noqa: F401
