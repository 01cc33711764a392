/* The crossword move generator of wordcards.core.movegen, compiled.
 *
 * The same anchor method (Appel and Jacobson) as the Python search in
 * wordcards/core/movegen.py, over a compact trie instead of a set of
 * prefixes: each node is a 26-bit mask of the letters that may follow and the
 * index of its first child, so a child is found with one popcount and a
 * square's cross-check is a mask too. The whole search runs with no budget;
 * it finds every placement the Python search finds (tests/test_movegen.py).
 *
 * Grids come in as {(row, col): letter}; plays go out as make(tiles, direction)
 * with tiles ((row, col), letter, wild) in line order.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define LETTERS 0x3FFFFFFu     /* a-z */
#define TERMINAL (1u << 26)    /* a word ends at this node */
#define EMPTY (-1)
#define ODD 26                 /* a grid letter outside a-z: no word goes through it */
#define MAX_RACK 64
#define MAX_SIDE 4096

typedef struct {
    uint32_t mask;  /* letters that follow, and TERMINAL */
    uint32_t first; /* index of the child for the lowest letter in mask */
} Node;

typedef struct {
    PyObject_HEAD
    Node *nodes;
    Py_ssize_t count, capacity;
    Py_ssize_t words;
} Trie;

static inline uint32_t child(const Node *nodes, uint32_t node, int ch) {
    uint32_t bit = 1u << ch, mask = nodes[node].mask;
    if (!(mask & bit))
        return 0; /* the root is nobody's child, so 0 means none */
    return nodes[node].first + (uint32_t)__builtin_popcount(mask & (bit - 1));
}

/* ------------------------------------------------------------------ building */

typedef struct {
    const char *text;
    Py_ssize_t *start, *length;
} Words;

static int grow(Trie *t, Py_ssize_t more) {
    if (t->count + more <= t->capacity)
        return 0;
    Py_ssize_t capacity = t->capacity ? t->capacity : 1024;
    while (capacity < t->count + more)
        capacity *= 2;
    if (capacity > (Py_ssize_t)UINT32_MAX)
        return -1;
    Node *nodes = PyMem_Realloc(t->nodes, (size_t)capacity * sizeof(Node));
    if (!nodes)
        return -1;
    t->nodes = nodes;
    t->capacity = capacity;
    return 0;
}

/* Words lo..hi (sorted, distinct) share their first depth letters, which lead to node. */
static int build(Trie *t, const Words *w, uint32_t node, Py_ssize_t lo, Py_ssize_t hi, Py_ssize_t depth) {
    if (lo < hi && w->length[lo] == depth) {
        t->nodes[node].mask |= TERMINAL;
        lo++;
    }
    Py_ssize_t bounds[27];
    int kids = 0;
    for (Py_ssize_t i = lo; i < hi; i++) {
        char ch = w->text[w->start[i] + depth];
        if (i == lo || ch != w->text[w->start[i - 1] + depth])
            bounds[kids++] = i;
    }
    bounds[kids] = hi;
    if (!kids)
        return 0;
    if (grow(t, kids) < 0)
        return -1;
    uint32_t first = (uint32_t)t->count;
    t->count += kids;
    t->nodes[node].first = first;
    for (int k = 0; k < kids; k++) {
        t->nodes[first + k].mask = 0;
        t->nodes[first + k].first = 0;
        t->nodes[node].mask |= 1u << (w->text[w->start[bounds[k]] + depth] - 'a');
    }
    for (int k = 0; k < kids; k++)
        if (build(t, w, first + (uint32_t)k, bounds[k], bounds[k + 1], depth + 1) < 0)
            return -1;
    return 0;
}

/* Trie(text): text holds the words, sorted, distinct, lower-case a-z, one a line. */
static int Trie_init(Trie *self, PyObject *args, PyObject *kwargs) {
    const char *text;
    Py_ssize_t size;
    if (!PyArg_ParseTuple(args, "y#", &text, &size))
        return -1;
    Py_ssize_t lines = 0;
    for (Py_ssize_t i = 0; i < size; i++)
        lines += text[i] == '\n';
    lines += 1;
    Words w = {text, PyMem_Malloc((size_t)lines * sizeof(Py_ssize_t)), PyMem_Malloc((size_t)lines * sizeof(Py_ssize_t))};
    if (!w.start || !w.length) {
        PyMem_Free(w.start);
        PyMem_Free(w.length);
        PyErr_NoMemory();
        return -1;
    }
    Py_ssize_t n = 0, begin = 0;
    for (Py_ssize_t i = 0; i <= size; i++) {
        if (i < size && text[i] != '\n') {
            if (text[i] < 'a' || text[i] > 'z') {
                PyMem_Free(w.start);
                PyMem_Free(w.length);
                PyErr_SetString(PyExc_ValueError, "words must be lower-case a-z");
                return -1;
            }
            continue;
        }
        if (i > begin) {
            if (n) {
                Py_ssize_t len = i - begin, before = w.length[n - 1];
                int order = memcmp(text + begin, text + w.start[n - 1], (size_t)(len < before ? len : before));
                if (order < 0 || (order == 0 && len <= before)) {
                    PyMem_Free(w.start);
                    PyMem_Free(w.length);
                    PyErr_SetString(PyExc_ValueError, "words must be sorted and distinct");
                    return -1;
                }
            }
            w.start[n] = begin;
            w.length[n] = i - begin;
            n++;
        }
        begin = i + 1;
    }
    PyMem_Free(self->nodes);
    self->nodes = NULL;
    self->count = self->capacity = 0;
    int failed = grow(self, 1) < 0;
    if (!failed) {
        self->nodes[0].mask = self->nodes[0].first = 0;
        self->count = 1;
        failed = build(self, &w, 0, 0, n, 0) < 0;
    }
    PyMem_Free(w.start);
    PyMem_Free(w.length);
    if (failed) {
        PyErr_NoMemory();
        return -1;
    }
    self->words = n;
    return 0;
}

static void Trie_dealloc(Trie *self) {
    PyMem_Free(self->nodes);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* ------------------------------------------------------------------ searching */

typedef struct {
    const Node *nodes;
    int rows, cols;          /* the grid as searched: across plays of a row */
    signed char *cell;       /* rows*cols: EMPTY, 0-25, or ODD */
    uint32_t *cross;         /* rows*cols: letters allowed on an empty square */
    unsigned char *crossed;  /* rows*cols: cross worked out */
    unsigned char *anchor;   /* rows*cols */
    int counts[26], wilds, size;
    int row, anchor_col, down;
    int top, left;           /* grid (0, 0) is board (top, left), or (left, top) searching down */
    int placed, pcol[MAX_RACK];
    signed char pch[MAX_RACK], pwild[MAX_RACK];
    int board_cols;          /* columns of the board as given */
    PyObject **tiles;        /* board cells * 26 letters * wild: the tile objects made so far */
    PyObject *out, *make, *direction, *letters[26];
    PyTypeObject *play_type; /* make, if it is a subclass of tuple */
    int failed;
    int32_t *found;          /* the plays found, as C ints: the search runs without the GIL, so it makes no objects */
    size_t found_len, found_cap;
} Search;

#define AT(s, r, c) ((r) * (s)->cols + (c))

static int has_letter(const Search *s, int r, int c) {
    return r >= 0 && r < s->rows && c >= 0 && c < s->cols && s->cell[AT(s, r, c)] != EMPTY;
}

/* The letters that may go on an empty square given the tiles above and below it. */
static uint32_t cross(Search *s, int r, int c) {
    int at = AT(s, r, c);
    if (s->crossed[at])
        return s->cross[at];
    s->crossed[at] = 1;
    int up = r, down = r;
    while (has_letter(s, up - 1, c))
        up--;
    while (has_letter(s, down + 1, c))
        down++;
    if (up == r && down == r)
        return s->cross[at] = LETTERS;
    const Node *nodes = s->nodes;
    uint32_t node = 0;
    for (int i = up; i < r; i++) {
        int ch = s->cell[AT(s, i, c)];
        if (ch == ODD || !(node = child(nodes, node, ch)))
            return s->cross[at] = 0;
    }
    uint32_t allowed = 0, mask = nodes[node].mask & LETTERS;
    while (mask) {
        int ch = __builtin_ctz(mask);
        mask &= mask - 1;
        uint32_t n = child(nodes, node, ch);
        for (int i = r + 1; n && i <= down; i++) {
            int below = s->cell[AT(s, i, c)];
            n = below == ODD ? 0 : child(nodes, n, below);
        }
        if (n && (nodes[n].mask & TERMINAL))
            allowed |= 1u << ch;
    }
    return s->cross[at] = allowed;
}

/* The tile (cell, letter, wild) at row, col of the grid as searched: one object per tile, shared by every play. */
static PyObject *make_tile(Search *s, int row, int col, int ch, int wild) {
    int r = s->down ? col : row, c = s->down ? row : col; /* on the board as given */
    size_t at = (((size_t)r * (size_t)s->board_cols + (size_t)c) * 26 + (size_t)ch) * 2 + (size_t)wild;
    if (!s->tiles[at]) {
        PyObject *cell = Py_BuildValue("(ii)", s->top + r, s->left + c);
        if (!cell)
            return NULL;
        s->tiles[at] = PyTuple_Pack(3, cell, s->letters[ch], wild ? Py_True : Py_False);
        Py_DECREF(cell);
        if (!s->tiles[at])
            return NULL;
    }
    Py_INCREF(s->tiles[at]);
    return s->tiles[at];
}

static void make_play(Search *s);

/* A play found: kept as [row, down, placed, (col, letter, wild) for each tile placed] until the search is over. */
static void record(Search *s) {
    if (s->down && s->placed == 1) {
        /* One tile with a letter beside it across was found searching across already. */
        int c = s->pcol[0];
        if (has_letter(s, s->row - 1, c) || has_letter(s, s->row + 1, c))
            return;
    }
    size_t need = 3 + 3 * (size_t)s->placed;
    if (s->found_len + need > s->found_cap) {
        size_t cap = s->found_cap ? s->found_cap * 2 : 4096;
        while (cap < s->found_len + need)
            cap *= 2;
        int32_t *grown = PyMem_RawRealloc(s->found, cap * sizeof(int32_t)); /* safe without the GIL */
        if (!grown) {
            s->failed = 1;
            return;
        }
        s->found = grown;
        s->found_cap = cap;
    }
    int32_t *at = s->found + s->found_len;
    at[0] = s->row;
    at[1] = s->down;
    at[2] = s->placed;
    for (int i = 0; i < s->placed; i++) {
        at[3 + 3 * i] = s->pcol[i];
        at[4 + 3 * i] = s->pch[i];
        at[5 + 3 * i] = s->pwild[i];
    }
    s->found_len += need;
}

/* The plays found, as the Python objects ``make`` builds; with the GIL held. */
static void make_plays(Search *s, PyObject *across_name, PyObject *down_name) {
    size_t i = 0, made = 0;
    while (i < s->found_len && !s->failed) {
        const int32_t *at = s->found + i;
        s->row = at[0];
        s->down = at[1];
        s->placed = at[2];
        for (int k = 0; k < s->placed; k++) {
            s->pcol[k] = at[3 + 3 * k];
            s->pch[k] = (signed char)at[4 + 3 * k];
            s->pwild[k] = (signed char)at[5 + 3 * k];
        }
        s->direction = s->down ? down_name : across_name;
        make_play(s);
        i += 3 + 3 * (size_t)s->placed;
        if (++made % 2048 == 0) { /* let the event loop's thread in now and then */
            Py_BEGIN_ALLOW_THREADS
            Py_END_ALLOW_THREADS
        }
    }
}

static void make_play(Search *s) {
    PyObject *tiles = PyTuple_New(s->placed);
    if (!tiles) {
        s->failed = 1;
        return;
    }
    for (int i = 0; i < s->placed; i++) {
        PyObject *tile = make_tile(s, s->row, s->pcol[i], s->pch[i], s->pwild[i]);
        if (!tile) {
            Py_DECREF(tiles);
            s->failed = 1;
            return;
        }
        PyTuple_SET_ITEM(tiles, i, tile);
    }
    PyObject *play;
    if (s->play_type) { /* a tuple subclass (a NamedTuple): filled in as tuple.__new__ would */
        play = s->play_type->tp_alloc(s->play_type, 2);
        if (play) {
            PyTuple_SET_ITEM(play, 0, tiles);
            Py_INCREF(s->direction);
            PyTuple_SET_ITEM(play, 1, s->direction);
        } else {
            Py_DECREF(tiles);
        }
    } else {
        play = PyObject_CallFunctionObjArgs(s->make, tiles, s->direction, NULL);
        Py_DECREF(tiles);
    }
    if (!play || PyList_Append(s->out, play) < 0)
        s->failed = 1;
    Py_XDECREF(play);
}

static void extend(Search *s, uint32_t node, int col, int length);
static void left_part(Search *s, uint32_t node, int room);

/* Each of ``letters`` after node, from the rack and then as a wild tile, and the search goes on: rightward from col
 * (extend), or, with col < 0, to one more tile of the left part (room left). */
static void lay(Search *s, uint32_t node, uint32_t letters, int col, int length, int room) {
    while (letters) {
        int ch = __builtin_ctz(letters);
        letters &= letters - 1;
        uint32_t next = child(s->nodes, node, ch);
        int p = s->placed;
        s->pch[p] = (signed char)ch;
        if (col >= 0)
            s->pcol[p] = col;
        for (int wild = 0; wild <= 1; wild++) {
            int *supply = wild ? &s->wilds : &s->counts[ch];
            if (!*supply)
                continue;
            (*supply)--;
            s->pwild[p] = (signed char)wild;
            s->placed++;
            if (col >= 0)
                extend(s, next, col + 1, length + 1);
            else
                left_part(s, next, room - 1);
            s->placed--;
            (*supply)++;
        }
    }
}

static void extend(Search *s, uint32_t node, int col, int length) {
    if (s->failed)
        return;
    const Node *nodes = s->nodes;
    if (col < s->cols) {
        int letter = s->cell[AT(s, s->row, col)];
        if (letter != EMPTY) {
            uint32_t next = letter == ODD ? 0 : child(nodes, node, letter);
            if (next)
                extend(s, next, col + 1, length + 1);
            return;
        }
    }
    if (col > s->anchor_col && s->placed && length >= 2 && (nodes[node].mask & TERMINAL))
        record(s);
    if (col >= s->cols || s->placed >= s->size)
        return;
    lay(s, node, nodes[node].mask & cross(s, s->row, col), col, length, 0);
}

/* Left parts of up to room tiles from the rack, on empty squares left of the anchor. */
static void left_part(Search *s, uint32_t node, int room) {
    int start = s->anchor_col - s->placed;
    for (int i = 0; i < s->placed; i++)
        s->pcol[i] = start + i;
    extend(s, node, s->anchor_col, s->placed);
    if (!room || s->failed)
        return;
    lay(s, node, s->nodes[node].mask & LETTERS, -1, 0, room);
}

static void from_anchor(Search *s, int r, int c) {
    s->row = r;
    s->anchor_col = c;
    s->placed = 0;
    if (has_letter(s, r, c - 1)) {
        int start = c - 1;
        while (has_letter(s, r, start - 1))
            start--;
        uint32_t node = 0;
        for (int i = start; i < c; i++) {
            int ch = s->cell[AT(s, r, i)];
            if (ch == ODD || !(node = child(s->nodes, node, ch)))
                return;
        }
        extend(s, node, c, c - start);
        return;
    }
    int room = 0;
    for (int col = c - 1; room < s->size - 1 && col >= 0 && s->cell[AT(s, r, col)] == EMPTY &&
                          !s->anchor[AT(s, r, col)]; col--)
        room++;
    left_part(s, 0, room);
}

static void across(Search *s, int centre_r, int centre_c, int empty) {
    int n = s->rows * s->cols;
    memset(s->crossed, 0, (size_t)n);
    memset(s->anchor, 0, (size_t)n);
    if (empty) {
        if (centre_r >= 0 && centre_r < s->rows && centre_c >= 0 && centre_c < s->cols)
            s->anchor[AT(s, centre_r, centre_c)] = 1;
    } else {
        for (int r = 0; r < s->rows; r++)
            for (int c = 0; c < s->cols; c++)
                if (s->cell[AT(s, r, c)] == EMPTY &&
                    (has_letter(s, r - 1, c) || has_letter(s, r + 1, c) || has_letter(s, r, c - 1) ||
                     has_letter(s, r, c + 1)))
                    s->anchor[AT(s, r, c)] = 1;
    }
    for (int r = 0; r < s->rows && !s->failed; r++)
        for (int c = 0; c < s->cols && !s->failed; c++)
            if (s->anchor[AT(s, r, c)] && cross(s, r, c))
                from_anchor(s, r, c);
}

/* Trie.generate(letters, rack, box, centre, max_tiles, make, across, down) -> list */
static PyObject *Trie_generate(Trie *self, PyObject *args) {
    PyObject *letters, *box, *make, *across_name, *down_name;
    const char *rack;
    Py_ssize_t rack_len;
    int centre_r, centre_c, max_tiles;
    if (!PyArg_ParseTuple(args, "O!s#O(ii)iOOO", &PyDict_Type, &letters, &rack, &rack_len, &box, &centre_r,
                          &centre_c, &max_tiles, &make, &across_name, &down_name))
        return NULL;
    Search s;
    memset(&s, 0, sizeof s);
    s.nodes = self->nodes;
    for (Py_ssize_t i = 0; i < rack_len; i++) {
        if (rack[i] == '?')
            s.wilds++;
        else if (rack[i] >= 'a' && rack[i] <= 'z')
            s.counts[rack[i] - 'a']++;
    }
    s.size = (int)(rack_len < MAX_RACK - 1 ? rack_len : MAX_RACK - 1);
    if (max_tiles >= 0 && max_tiles < s.size)
        s.size = max_tiles;

    /* The board area searched: the fixed box, or the letters' extent and room for a whole rack around it. */
    int top, left, bottom, right;
    Py_ssize_t pos = 0;
    PyObject *key, *value;
    if (box != Py_None) {
        if (!PyArg_ParseTuple(box, "iiii", &top, &left, &bottom, &right))
            return NULL;
    } else {
        top = bottom = centre_r;
        left = right = centre_c;
        int first = 1;
        while (PyDict_Next(letters, &pos, &key, &value)) {
            int r, c;
            if (!PyArg_ParseTuple(key, "ii", &r, &c))
                return NULL;
            if (first || r < top) top = r;
            if (first || r > bottom) bottom = r;
            if (first || c < left) left = c;
            if (first || c > right) right = c;
            first = 0;
        }
        top -= s.size + 1;
        left -= s.size + 1;
        bottom += s.size + 1;
        right += s.size + 1;
    }
    long rows = (long)bottom - top + 1, cols = (long)right - left + 1;
    if (rows <= 0 || cols <= 0)
        return PyList_New(0);
    if (rows > MAX_SIDE || cols > MAX_SIDE) {
        PyErr_SetString(PyExc_ValueError, "the grid is too large to search");
        return NULL;
    }
    size_t n = (size_t)(rows * cols);
    signed char *board = PyMem_Malloc(n);
    s.cell = PyMem_Malloc(n);
    s.cross = PyMem_Malloc(n * sizeof(uint32_t));
    s.crossed = PyMem_Malloc(n);
    s.anchor = PyMem_Malloc(n);
    s.tiles = PyMem_Calloc(n * 52, sizeof(PyObject *));
    s.board_cols = (int)cols;
    s.out = PyList_New(0);
    PyObject *result = NULL;
    if (!board || !s.cell || !s.cross || !s.crossed || !s.anchor || !s.tiles || !s.out) {
        if (s.out)
            PyErr_NoMemory();
        goto done;
    }
    memset(board, EMPTY, n);
    int empty = 1;
    pos = 0;
    while (PyDict_Next(letters, &pos, &key, &value)) {
        int r, c;
        if (!PyArg_ParseTuple(key, "ii", &r, &c))
            goto done;
        if (r < top || r > bottom || c < left || c > right)
            continue; /* outside a fixed box: never reached, as in the Python search */
        signed char ch = ODD;
        if (PyUnicode_Check(value) && PyUnicode_GET_LENGTH(value) == 1) {
            Py_UCS4 u = PyUnicode_READ_CHAR(value, 0);
            if (u >= 'a' && u <= 'z')
                ch = (signed char)(u - 'a');
        }
        board[(size_t)(r - top) * (size_t)cols + (size_t)(c - left)] = ch;
        empty = 0;
    }
    for (int i = 0; i < 26; i++)
        s.letters[i] = PyUnicode_FromOrdinal('a' + i);  /* cached by CPython: single latin-1 characters */
    s.make = make;
    if (PyType_Check(make) && PyType_IsSubtype((PyTypeObject *)make, &PyTuple_Type))
        s.play_type = (PyTypeObject *)make;
    s.top = top;
    s.left = left;

    /* The search reads only its own buffers and the trie (never changed once built), so other threads run
     * meanwhile: the host's event loop is not held up by a computer player's search. */
    Py_BEGIN_ALLOW_THREADS
    /* Across: the board as it is. */
    s.rows = (int)rows;
    s.cols = (int)cols;
    memcpy(s.cell, board, n);
    s.down = 0;
    across(&s, centre_r - top, centre_c - left, empty);
    /* Down: across plays of the board turned over its diagonal. */
    if (!s.failed) {
        s.rows = (int)cols;
        s.cols = (int)rows;
        for (long r = 0; r < rows; r++)
            for (long c = 0; c < cols; c++)
                s.cell[c * rows + r] = board[r * cols + c];
        s.down = 1;
        across(&s, centre_c - left, centre_r - top, empty);
    }
    Py_END_ALLOW_THREADS
    if (s.failed)
        PyErr_NoMemory();
    /* Tens of thousands of plays are new tuples: a collection over them would find nothing to free. */
    int collecting = PyGC_Disable();
    make_plays(&s, across_name, down_name);
    if (collecting)
        PyGC_Enable();
    for (int i = 0; i < 26; i++)
        Py_XDECREF(s.letters[i]);
    if (!s.failed) {
        result = s.out;
        s.out = NULL;
    }
done:
    PyMem_Free(board);
    PyMem_Free(s.cell);
    PyMem_Free(s.cross);
    PyMem_Free(s.crossed);
    PyMem_Free(s.anchor);
    PyMem_RawFree(s.found);
    if (s.tiles) {
        for (size_t i = 0; i < n * 52; i++)
            Py_XDECREF(s.tiles[i]);
        PyMem_Free(s.tiles);
    }
    Py_XDECREF(s.out);
    return result;
}

static PyObject *Trie_len(Trie *self, PyObject *unused) {
    return PyLong_FromSsize_t(self->words);
}

static PyObject *Trie_nodes(Trie *self, void *closure) {
    return PyLong_FromSsize_t(self->count);
}

static PyMethodDef Trie_methods[] = {
    {"generate", (PyCFunction)Trie_generate, METH_VARARGS,
     "generate(letters, rack, box, centre, max_tiles, make, across, down): every placement, as make(tiles, direction)"},
    {"words", (PyCFunction)Trie_len, METH_NOARGS, "How many words the trie holds."},
    {NULL},
};

static PyGetSetDef Trie_getset[] = {
    {"nodes", (getter)Trie_nodes, NULL, "How many nodes the trie holds.", NULL},
    {NULL},
};

static PyTypeObject TrieType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "_wordcards_movegen.Trie",
    .tp_basicsize = sizeof(Trie),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Trie(text): a word list for the crossword move generator (sorted, distinct a-z words, one a line).",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Trie_init,
    .tp_dealloc = (destructor)Trie_dealloc,
    .tp_methods = Trie_methods,
    .tp_getset = Trie_getset,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_wordcards_movegen", "wordcards' compiled crossword move generator.", -1, NULL,
};

PyMODINIT_FUNC PyInit__wordcards_movegen(void) {
    if (PyType_Ready(&TrieType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m)
        return NULL;
    Py_INCREF(&TrieType);
    if (PyModule_AddObject(m, "Trie", (PyObject *)&TrieType) < 0) {
        Py_DECREF(&TrieType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
