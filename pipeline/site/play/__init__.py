"""Play in the page: the board (JS, CSS), its worker and Pyodide session module, and the MkDocs hook that ships them."""
