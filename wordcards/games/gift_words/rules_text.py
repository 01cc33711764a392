"""The rules of Gift Words as this program applies them (``wordcards rules gift-words`` and F1)."""

TEXT = """\
# Gift Words

Make words of three or more cards **of one colour** (black cards match any colour), and add to the words
on the table: when you extend someone's word, **you both score** the added cards plus 2 points a card.

## The deck

96 cards: 30 each in red ♦, green ♣ and blue ●, and 6 black ♠ rare consonants (J, K, Qu, V, X, Z) that
count as any colour. One G of each colour. The younger players' game adds 4 Silent E cards.
*Our ruling:* the rulebook's card counts and values are not printed, so we chose them to make its sample
turns score exactly: PIN 5, PINK +6 each, WING 10, ROWING +7 each, PRIES 9 (and C 3, A 1, T 2, R 2, H 3 from
the mathematical-scoring examples). Values: A E I N O 1 · D L R S T U 2 · B C H M P 3 · F G K W Y 4 ·
V 5 · X 6 · J Qu Z 8. Each colour has 10 vowels (A E I O U) and 20 consonants.
The sample deals Linda a green K while Ken holds the black K, so K comes in every colour as well as black.

## A turn (basic game)

1. **Draw**: the top card of the deck (`d`), or the top card of *any* player's discard pile (a digit: that
   seat's pile, as numbered on the table).
2. **Extend one word** (optional): add cards of the word's colour, or black, anywhere in it; the cards
   already there keep their order (CARE → SCARE, CARVE, CARET, SCARLET, never CAPER). You and the word's
   owner each score the added cards' points + 2 a card; extending your own word pays you once.
3. **Make one word** (optional): three or more cards, one colour (black matches any). It scores its cards.
   The Qu card gives QU, or Q alone (with a U card, or in words such as QAT): type `qat` and the Qu card is
   used as a Q.
4. **Discard** one card onto your own pile. With three cards or fewer you may keep them all.

Extend before you make a new word. The round ends when someone finishes a turn with no cards (they score
+5 for going out first), or after the turn in which the deck's last card is drawn. Four rounds (an option);
the deal passes to the left. Cards left in hands cost nothing.

## Challenges

Anyone may look up an extended word: if it is not in the word list, its player takes the added cards back
and may not extend another word this turn (a new word is still allowed). A new word may be challenged: if
it is not a word, its player takes the cards back and discards without making another word (points for an
extension earlier in the turn stay); if it is a word, the challenger may not make a new word on their next
turn. A challenge is made right after the play, before the turn goes on (`c`; Enter: no challenge).

## Advanced game (`--variant advanced`)

After extending a word, draw a replacement for each added card (deck or any discard pile, your own too; one
at a time, so you see each before choosing the next), before making a new word. After a new word of four or
more cards, draw one for each card over three. So turns end with 12, 9, 6 or 3 cards, and it takes four
words to go out. *Our ruling:* if the deck and every pile are empty, the missing replacements are skipped;
the last card cannot be discarded before four words are made (keep it: `done`).

## Two players (`--two-player`)

The first player turns up cards (Enter) until two words of three or more cards can be made from them, then
types both words; the other turned-up cards go back into the deck and 12 cards are dealt each. Extending a
centre word scores its cards + 2 a card; extending your own word scores only its cards; extending your
opponent's word scores nothing (allowed, to shed cards). After a round the three shortest words (any
player's; the earliest on a tie) stay in the centre. The player behind chooses to go first or second
(`f` / `s`; on a tie, whoever began the last round goes second).

## Cooperative (`--variant cooperative`, two players)

Only the team score counts. Each player has 12 cards and a stockpile of 6 face down; the rest is the bonus
deck, and one card turned up starts the discards (on the second player's pile). Draw from your own
stockpile or either discard pile; after taking a discard you must make or extend a word that turn (*our
ruling:* or discard the card you took, which goes back where it came from). Extending your partner's word
scores the whole word; your own, the added cards. A new word scores its cards + 5 for each card over three.
After each play, draw one card from the bonus deck or a discard pile for every card you played. The game
ends after the turn in which both stockpiles are empty (a player whose stockpile is empty is skipped, so the
other may play several turns in a row). The team wins by reaching the goal: 100 at first, +10 after a win,
−10 after a loss (remembered between games; `--goal N` sets it).

## Younger players (`--variant younger`)

Each turn deals 2 vowels and 4 consonants. Once each per turn, in any order: make a word of three or more
cards; change a word by laying one card over one of its letters (BIG → DIG: type `dig`); add cards to a
word (PAT → SPAT); put a Silent E on the end of a word (CAN → CANE, +5: type `cane`). Then
the unused cards are discarded (Enter). Colours do not matter. Simple scoring: the points of the cards you
played. Mathematical scoring (`--scoring mathematical`): a new word scores its points × its cards; a
changed or longer word scores the new cards' points × the new word's cards (CAT 18, CAT → RAT 6,
CAT → CHAT 12). *Ruling:* the rulebook counts cards, and its examples say letters; they differ only for
the Qu card, which counts once (QUADS: 4 cards). A round ends once 8 words are made (2 players), 9 (3) or 10 (4+); each player deals once.
*Our rulings:* a Silent E goes only on a word that does not end in E, and the new word must be in the list
(a challenge takes it back); the rulebook's one-colour-stack deal is not offered.

## Our rulings

- A round (or a cooperative game) ends after 40 turns each whatever else, so every game ends.
- In the deck's last turn, replacements come from the discard piles.
"""
