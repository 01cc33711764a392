"""The club: one server, a lobby and many tables (``wordcards club``).

- ``record``: the database of people, tables, games and every move (SQLAlchemy Core; SQLite by default).
- ``scribe``: a hosted table's record, written as it plays, in order, on a thread of its own.
- ``schema``: the record's tables, made by the numbered SQL scripts in ``migrations/``.
"""
