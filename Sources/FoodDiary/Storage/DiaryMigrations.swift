import GRDB

/// The diary schema's history. Append new migrations; never edit one that has shipped.
enum DiaryMigrations {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("createMeal") { db in
            try db.execute(sql: """
                CREATE TABLE meal (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    -- Wall-clock time where it was eaten, so a meal stays on the day the person lived it.
                    eaten_local TEXT NOT NULL CHECK (eaten_local GLOB
                        '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]'),
                    utc_offset_minutes INTEGER NOT NULL CHECK (utc_offset_minutes BETWEEN -840 AND 840),
                    notes TEXT NOT NULL DEFAULT '' CHECK (length(notes) <= 10000),
                    created_at TEXT NOT NULL,
                    updated_at TEXT NOT NULL
                ) STRICT;
                CREATE INDEX meal_by_eaten_local ON meal(eaten_local DESC, id DESC);
                """)
        }
        return migrator
    }
}
