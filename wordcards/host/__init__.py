"""Host mode: one game served over SSH, every player at their own terminal (``wordcards host GAME``).

- ``server``: the SSH server (asyncssh): join codes and keys, the host key, refusing all but a terminal session.
- ``game``: the hosted game: who sits where, who is connected, the referee; it is the front end of the shared turn
  loop (``core.turns``), which runs the computer players and the clocks.
- ``seat``: one connection's Textual app at a table, drawn through ``driver`` over its SSH channel.
- ``lobby_app``: the club's lobby screen (``wordcards club``), drawn the same way; a session moves between it and
  the tables without disconnecting.

Everything runs on one asyncio loop in one process, so the referee is only ever touched from one thread; the
turn loop has computer players think in worker threads and applies their moves back on the loop.
"""
