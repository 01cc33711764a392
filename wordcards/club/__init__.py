"""The club: one server, a lobby and many tables (``wordcards club``).

- ``lobby``: the club itself: its tables (each a ``host.game.HostedGame``), who is in the lobby, limits, closing
  empty tables and bringing back those a stopped club left open.
- ``record``: the database of people, tables, games and every move (SQLAlchemy Core; SQLite by default).
- ``scribe``: a hosted table's record, written as it plays, in order, on a thread of its own.
- ``schema``: the record's tables, made by the numbered SQL scripts in ``migrations/``.
"""
