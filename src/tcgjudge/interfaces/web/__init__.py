"""Play in the browser: ``tcgjudge serve`` (see docs/web.md)."""
