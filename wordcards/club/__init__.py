"""The club: one server, a lobby and many tables (``wordcards club``).

- ``record``: the database of people, tables, games and every move (SQLAlchemy Core; SQLite by default).
- ``schema``: the record's tables, made by the numbered SQL scripts in ``migrations/``.
"""
