"""The rules of Word Whiz as this program applies them (``wordcards rules word-whiz`` and the help screen)."""

TEXT = """\
# Word Whiz

2 to 4 players build one shared crossword, each from their own colour set of
tiles. Longer words score more, and every player with a tile in a word scores
it. The most points after four rounds wins.

## The tiles

Four colour sets (red, blue, green, yellow) of 27 tiles: 2 wild tiles and 25
letters. Every set has the same 21-letter core, with 9 vowels
(A A E E E I I O U) and N N R R S S T T L L D G, and four letters of its own:

| set | its own letters |
|---|---|
| red | P H Y J |
| blue | C B W X |
| green | P M F Z |
| yellow | C W V K |

**How they are balanced.** Each set has one rare letter (J, X, Z or K) and
three others. For each letter we took the share of common 4- to 8-letter
words that contain it (E 0.63 … J 0.016). The four extras of every set add up
to 0.452–0.453, so no set has more useful letters. The playout tests check the
balance in play: over many computer games every colour scores within a few
points of the others.

Each player has a bag with their set. A wild tile stands for any one letter,
chosen when it is placed, and reads as that letter both across and down.
Ruling: once placed, a wild keeps its letter. The FAQ lets a table re-read a
wild "so long as the words in both directions are valid"; here words are only
checked at round end, so a re-read could not be checked when it is made.

## Starting a round

- **Round 1:** each player pulls one tile from their bag; the earliest letter
  in the alphabet starts. Ruling: a wild beats every letter, and players who
  tie pull again.
- **Later rounds:** the player who scored least in the last round starts.
  Ruling: on a tie, the first of them to the left of the last starter.
- The starting player pulls 12 tiles and places a 5-letter word across; the
  other 7 become their hand. Ruling: if no 5-letter word can be made, they
  may swap all 12 for 12 others. Then every other player pulls 7 tiles.

## Playing: taking turns (the default)

One keyboard cannot host a race, so the rulebook's turn-taking variation is
the default. On your turn, do one of these:

- **Place** tiles from your 7 in one row or one column. They may skip over
  tiles already there, but leave no gaps; at least one must touch the
  crossword; and every run of two or more letters they make, across or down,
  is a word. Then refill to 7 from your bag.
- **Swap** all 7 tiles for 7 new ones: pull 7 from your bag, then put the
  old 7 in and shake it. Never fewer than 7, and only while your bag holds at
  least 7 tiles: with fewer, some of the old ones would come straight back.
- **Pass.**

**Challenging a placement.** The rulebook lets a word be challenged during
play too. Taking turns, the others may challenge the words a placement made
before its player refills. If one is not a word, the placement comes off the
crossword, its tiles go back to its player's hand, and their turn is over as
if they had passed. If it is a word, it stands and the challenger pays
nothing. (The rulebook's other case, a word that others have already built
on, cannot arise: the next player cannot place until the challenge is over.)

`--turn-clock N` gives each person N seconds a turn; when time runs out the
turn passes, and tiles not yet placed go back to the hand.

## Playing: a race (`--race`)

One person against computer players, as in the real game: nobody waits for a
turn. You place tiles whenever you like, and so do the computer players, each
on its own clock. A medium computer player takes `--race-seconds` seconds (14
by default) over each placement; beginner 1.25 times as long, easy 1.1, hard
0.85 and expert 0.7 times. At the default pace a newcomer who reaches squares
with the arrow keys wins about half their races against medium, a fifth
against hard and few against expert (an estimate: see
`benchmarks/race_pace.py`); type a square's name (`/N26`, Enter) to get there
faster, and raise or lower `--race-seconds` for a slower or faster race. If you cannot place
anything, say so (pass); a computer player that cannot says so too, and when
everyone is stuck the round ends with nobody out.

- **The race never stops.** Nobody can pause it: while you read the help
  (F1), the score sheet or the log, the computer players go on placing, as
  players at a table would.
- **No hints.** F8 gives no hint in a race (nor does `wordcards hint`): a
  placement handed over at a keypress would beat any computer player.
- **The crossword changes under you.** If a computer player's placement
  changes the words your typed tiles make before you press Enter, Enter
  refuses them once and shows the new words; press Enter again to place them.
  A square a computer player fills first gives your typed tile back.
- **Challenges** wait for the round's end: a challenge in mid-race would stop
  everyone.

## The end of a round

The round ends as soon as a player has used all their tiles (hand and bag).
That player earns the **First Finish Bonus, +5**. Ruling: in the turn-taking
game, if nobody places a tile for two whole laps of the table, the round ends
with nobody out and no bonus.

Then come **challenges**: any word on the crossword, of any length, may be
challenged by any player, their own words included; the computer players
challenge too, each level by its own rule. The loaded word list decides. A
word that is not a word is excluded from scoring. If it holds a tile of the
player who went out, that player loses the bonus, and it goes to the player
with the fewest tiles left (hand and bag). Ruling: on a tie for fewest, each
of them gets +5.

## Scoring

Each word of four letters or more pays **every player with a tile in it**:

| letters | points |
|---|---|
| 4 | 2 |
| 5 | 3 |
| 6 | 5 |
| 7 | 8 |
| 8 or more | 13 |

Words of two or three letters score nothing. The round's summary lists every
word: its letters, its length, who played into it and what it paid.

## Rounds

Four rounds. After each round the sets pass to the left. With 2 or 3 players
the unused sets rotate in, so everyone plays all four colours.

`--length to-50` plays rounds until someone has 50 points (ruling: at most 12
rounds). `--length one-round` plays a single round.

## Left out

- **Rearranging tiles in the crossword** (the FAQ allows moving your own
  colour's tiles if the crossword stays whole). It is left out: in the
  turn-taking game a move that lifts and re-lays tiles lets a player rebuild
  the crossword around the others' words, which the turn rules do not
  balance, and in a race it would let tiles vanish from under a word the
  other side is typing into.
- **Challenges in mid-race** (see above). Strict mode (`--strict`) refuses a
  word that is not in the list as it is placed.
- **Picking your first set.** The seats take red, blue, green and yellow in
  order; every player plays every set over four rounds anyway.
"""
