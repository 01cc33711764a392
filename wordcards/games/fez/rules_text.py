"""The rules of FEZ as this program applies them (``wordcards rules fez`` and the help screen)."""

import textwrap

from wordcards.core.computer import challenge_rates

TEXT = """\
# FEZ

2 to 6 players. Make words from two-letter cards; flushes and stars multiply
your score. Highest score after the last round wins.

## The packs

Each pack has 52 cards, 26 red and 26 black: 48 digram cards, 2 stars (one
red, one black) and 2 blanks (one red, one black). Two packs are shuffled
together for 4-6 players, and for 2-3 players with --two-packs.

A digram card shows two letters, say TH. Turned round it reads HT, and either
letter can be used alone with the other covered. The digrams are the most
useful letter pairs of the word list (letters side by side, in either order),
picked from the top while each pack's letter counts stay close to how often
each letter is used, so no pack is flooded with E; every letter of the
alphabet is in each pack, and the two packs share no digram. Pack 1 has no
QU (pack 2 has it), so its Q sits on EQ, the next most useful Q pair.
(scripts/make_fez_packs.py makes them from the word list.)

One star per colour: the rulebook's ★★FEZ needs one of each, and with more,
a few lucky turns would decide every game. One blank per colour, about the
share of blanks in a crossword tile set.

Face values are the usual crossword-tile values (F 4, E 1, Z 10, ...). A blank
is worth 0 and stands for any one letter; a star is worth 0 and shows no letter.

## A turn

1. Draw the top card of the stock (d) or take the top discard (t).
   When the stock runs out, the cards under the top discard are turned over
   to make a new stock; the last discard can still be taken.
   Instead of drawing you may forfeit the turn (f): put any number of cards
   under the discard pile and draw as many from the stock. Your turn ends.
2. Play any number of words of 2 or more letters from your hand, and lay off
   cards on any word on the table: add letters before, after or between its
   cards, never reordering them. Stars go only on your own words, anywhere.
3. Discard one card, but not the card you took from the discard pile (unless
   it is your only card). If you played every card, there is nothing to discard.
4. Before you refill, anyone may challenge a word you played or extended this
   turn. Then refill your hand to 5 from the stock.

If your hand is still empty after refilling (you played your last card and
nothing is left to draw), you call FEZ! and the round ends.

Ruling: that holds when your last card went to the discard pile, too. With
the stock gone, the card you discard is the only one left to draw, and the
rulebook ends the game with the first player to be rid of their cards; if the
next player could take it, you would sit with no cards and no turn to play.

Ruling: play goes on while the stock and discard pile last, as the rulebook
says; a round is blocked, and ends as if FEZ had been called, only when it
truly cannot go on. That is when the stock runs out and is turned over from
the discard pile twice with no card played to the table in between (every card
has gone round the table and nobody could use it), or when too few cards are
left to turn over and 3 rounds of turns pass with no card played, or when as
many turns pass with no card played as there are cards in the game. Otherwise
players who can no longer make words would draw and discard for ever.

## Scoring

A word scores for the player who made it: the face values of its letters,
plus 50 for a word of 7 letters, 100 for 8, and so on (whole words played in
one turn only). Then the doubles, which multiply:
```
  flush        ×2  every letter card, blanks included, of one colour
  star         ×2  for each star of the other colour, or in a word that is
                   no flush
  flush-star   ×4  for each star of the flush's own colour
                   (star ×2 times flush ×2)
```

Laying off scores the face value of the added letters for the player who
lays off, doubled when they keep the word's flush (the word was a flush and
every added letter card is its colour). Without the Nasty rules the word's
owner keeps their flush double whatever is laid off. A star added later to
your own word doubles that word's score from then on.

At the end of a round: each player loses the face value of the cards left in
their hand (both letters of each card); each player whose words were all
flushes, and whose lay-offs all scored as flushes, gains 30. A star double
does not spoil the all-flush bonus (except under the Nasty rules).

### The rulebook's examples (all checked by the tests)

```
  SELL     flush                              (4 ×2 flush) = 8
  SELLS    the S is the other colour          (5) = 5
  FEZ ★    flush, a star of its colour
                                           (15 ×2 flush ×4 flush-star) = 120
  FEZ ★★   and a star of the other colour
                                   (15 ×2 flush ×4 flush-star ×2 star) = 240
  PLACING  flush, 7 letters                   (12 +50 length ×2 flush) = 124
  FIN ★    no flush                           (6 ×2 star) = 12
  PLAY     flush                              (9 ×2 flush) = 18
  SING                                        (5) = 5
  Bob's sheet: PLACING 124, SING 5, total 129.
  Carol's: ★FIN 12, PLAY 18, total 30.
```

### Rulings where the rulebook is silent

- Your own words: without the Nasty rules, other players' lay-offs never
  cost you your flush double, but letters *you* add to your own word count
  for its flush like the letters you made it with.
- The all-flush bonus needs at least one word or lay-off: a player who
  played nothing gets no bonus.
- Under the Nasty hand-over, a player's unplayed points go to the round's
  leader after all deductions and bonuses; several leaders split them evenly.
- A player whose hand is empty has nothing to discard; discarding your last
  card with nothing left to draw also empties your hand, and you call FEZ.

## Challenges

By default a word stands unless someone challenges it (press c before the
player refills). The word list decides. If the word is not in the list, all
of that turn's plays go back to the player's hand, a random card is
discarded for them if they had not discarded yet, and their turn ends. If it
is in the list, it stands and nothing else happens (the rulebook gives the
challenger no penalty). With --strict a word that is not in the list cannot
be played at all.

""" + textwrap.fill(challenge_rates(), 76) + """

## Options

```
  --rounds N       several rounds; the deal passes left, scores add up
  --two-packs      both packs for 2-3 players (always on for 4-6)
  --no-layoffs     words cannot be extended, and stars go only in new words
  --nasty          all four Nasty rules, or each alone:
  --nasty-flush    a lay-off breaking a flush takes the owner's flush double
  --nasty-stars    a star double spoils the all-flush bonus
  --nasty-timer    30 seconds from drawing to discarding; when time is up a
                   random card is discarded for you and your turn moves on
  --nasty-handover your unplayed points also go to the round's winner
                   (split evenly if several share the lead)
```
"""
