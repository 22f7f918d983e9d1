-- PostgreSQL's copy of ../0023_site.sql: the address of the live pages.
CREATE TABLE site (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    public_url TEXT NOT NULL
);
