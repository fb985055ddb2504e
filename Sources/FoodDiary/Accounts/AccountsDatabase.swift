import FoodDiaryStorage
import Foundation
import GRDB

/// The people who may use this server, their sessions and tokens: `<data-dir>/accounts.sqlite`,
/// apart from the diary so a diary file can be copied or restored without anyone's credentials.
public struct AccountsDatabase: Sendable {
    package let writer: any DatabaseWriter
    /// Advanced by every write, so sessions read before it are read again.
    let version = WriteVersion()
    let interimSessions = InterimSessions()

    public static func open(path: String) throws -> AccountsDatabase {
        AccountsDatabase(writer: try openDatabasePool(path: path, migrator: AccountsMigrations.migrator))
    }

    func read<T: Sendable>(_ body: @Sendable @escaping (Database) throws -> T) async throws -> T {
        try await writer.queuedRead(body)
    }

    /// Outside a transaction, for the single statement each request runs to find its session or
    /// token: one statement reads a consistent snapshot anyway, and BEGIN/COMMIT doubled its cost.
    func readOneStatement<T: Sendable>(_ body: @Sendable @escaping (Database) throws -> T) async throws -> T {
        try await writer.queuedUnsafeRead(body)
    }

    func write<T: Sendable>(_ body: @Sendable @escaping (Database) throws -> T) async throws -> T {
        defer { version.advance() }
        return try await writer.write(body)
    }
}

enum AccountsMigrations {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("createAccounts") { db in
            try db.execute(
                sql: """
                    CREATE TABLE account (
                        id INTEGER PRIMARY KEY,
                        name TEXT NOT NULL UNIQUE COLLATE NOCASE,
                        -- NULL until an invited person picks a password.
                        password_hash TEXT,
                        role TEXT NOT NULL CHECK (role IN ('owner', 'member')),
                        must_change_password INTEGER NOT NULL DEFAULT 0,
                        created_at TEXT NOT NULL,
                        last_sign_in_at TEXT
                    ) STRICT;
                    CREATE TABLE session (
                        id_sha256 BLOB PRIMARY KEY,
                        account_id INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                        created_at TEXT NOT NULL,
                        last_seen_at TEXT NOT NULL,
                        expires_at TEXT NOT NULL
                    ) STRICT, WITHOUT ROWID;
                    CREATE INDEX session_by_account ON session(account_id);
                    CREATE TABLE access_token (
                        id INTEGER PRIMARY KEY,
                        account_id INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                        name TEXT NOT NULL,
                        token_sha256 BLOB NOT NULL UNIQUE,
                        created_at TEXT NOT NULL,
                        last_used_at TEXT
                    ) STRICT;
                    CREATE INDEX access_token_by_account ON access_token(account_id);
                    CREATE TABLE invite (
                        token_sha256 BLOB PRIMARY KEY,
                        account_id INTEGER NOT NULL UNIQUE REFERENCES account(id) ON DELETE CASCADE,
                        expires_at TEXT NOT NULL
                    ) STRICT, WITHOUT ROWID;
                    """)
        }
        migrator.registerMigration("createDiaries") { db in
            try db.execute(
                sql: """
                    -- Each diary is a folder of its own (diaries/<id>/); a removed person's diaries stay, unowned.
                    CREATE TABLE diary (
                        id INTEGER PRIMARY KEY,
                        account_id INTEGER REFERENCES account(id) ON DELETE SET NULL,
                        name TEXT NOT NULL,
                        -- 1 for the diary an earlier version kept, which only an owner may take over.
                        from_upgrade INTEGER NOT NULL DEFAULT 0,
                        created_at TEXT NOT NULL
                    ) STRICT;
                    CREATE INDEX diary_by_account ON diary(account_id);
                    ALTER TABLE account ADD COLUMN current_diary_id INTEGER REFERENCES diary(id) ON DELETE SET NULL;
                    """)
        }
        migrator.registerMigration("addSecondStep") { db in
            try db.execute(
                sql: """
                    -- A second step at sign-in: the authenticator app's key, sealed with a key derived from
                    -- the server's secret, so a copy of this file alone does not give it away.
                    CREATE TABLE second_step (
                        account_id INTEGER PRIMARY KEY REFERENCES account(id) ON DELETE CASCADE,
                        secret_sealed BLOB NOT NULL,
                        -- NULL while being set up: it asks for nothing until a code from the app confirms it.
                        confirmed_at TEXT,
                        -- The last 30-second step a code was taken for: each code works once.
                        last_step INTEGER NOT NULL DEFAULT 0
                    ) STRICT;
                    -- One-time codes for when the phone is lost, kept as their SHA-256 (80 random bits each).
                    CREATE TABLE recovery_code (
                        account_id INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                        code_sha256 BLOB NOT NULL,
                        used_at TEXT,
                        PRIMARY KEY (account_id, code_sha256)
                    ) STRICT, WITHOUT ROWID;
                    """)
        }
        migrator.registerMigration("addPasskeys") { db in
            try db.execute(
                sql: """
                    -- WebAuthn credentials: the public key as the authenticator sent it (COSE), its counter.
                    CREATE TABLE passkey (
                        id INTEGER PRIMARY KEY,
                        account_id INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                        credential_id BLOB NOT NULL UNIQUE,
                        public_key_cose BLOB NOT NULL,
                        sign_count INTEGER NOT NULL,
                        name TEXT NOT NULL,
                        created_at TEXT NOT NULL,
                        last_used_at TEXT
                    ) STRICT;
                    CREATE INDEX passkey_by_account ON passkey(account_id);
                    -- The random id a passkey names its person by (WebAuthn's user handle), never the account's number.
                    ALTER TABLE account ADD COLUMN webauthn_user_handle BLOB;
                    CREATE UNIQUE INDEX account_by_user_handle ON account(webauthn_user_handle);
                    """)
        }
        migrator.registerMigration("addSignInRecords") { db in
            try db.execute(
                sql: """
                    -- The last sign-ins of each person, how and from where, for their account page.
                    CREATE TABLE sign_in (
                        id INTEGER PRIMARY KEY,
                        account_id INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                        method TEXT NOT NULL,
                        client TEXT NOT NULL,
                        signed_in_at TEXT NOT NULL
                    ) STRICT;
                    CREATE INDEX sign_in_by_account ON sign_in(account_id, signed_in_at);
                    """)
        }
        migrator.registerMigration("addSingleSignOnLinks") { db in
            try db.execute(
                sql: """
                    -- A person as the household's OpenID provider knows them: its issuer and their subject,
                    -- never a name, which the provider may let anyone change. One per person and provider.
                    CREATE TABLE sso_link (
                        issuer TEXT NOT NULL,
                        subject TEXT NOT NULL,
                        account_id INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                        -- How the provider showed them when linked (a user name or address), for the account page.
                        shown_as TEXT NOT NULL,
                        linked_at TEXT NOT NULL,
                        last_used_at TEXT,
                        PRIMARY KEY (issuer, subject)
                    ) STRICT, WITHOUT ROWID;
                    CREATE UNIQUE INDEX sso_link_by_account ON sso_link(account_id, issuer);
                    """)
        }
        migrator.registerMigration("addTokenScopesAndAssistantCalls") { db in
            try db.execute(
                sql: """
                    -- What a token may do: 1 read and write (as every token made before could), 0 only read.
                    ALTER TABLE access_token ADD COLUMN can_write INTEGER NOT NULL DEFAULT 1;
                    -- What an assistant did through /mcp, the newest kept for the account page. `undo` holds
                    -- the rows a write added in its diary (JSON); `undone_at` says they were taken back.
                    CREATE TABLE assistant_call (
                        id INTEGER PRIMARY KEY,
                        account_id INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                        token_id INTEGER REFERENCES access_token(id) ON DELETE SET NULL,
                        token_name TEXT NOT NULL,
                        diary_id INTEGER NOT NULL,
                        tool TEXT NOT NULL,
                        summary TEXT NOT NULL,
                        undo TEXT,
                        undone_at TEXT,
                        called_at TEXT NOT NULL
                    ) STRICT;
                    CREATE INDEX assistant_call_by_account ON assistant_call(account_id, id);
                    """)
        }
        migrator.registerMigration("addSecondStepWrongCodes") { db in
            try db.execute(
                sql: """
                    -- Wrong authenticator codes typed since the person last got in, from any address: at
                    -- `SecondStepLock.limit` the codes stop being checked until the lock is lifted.
                    ALTER TABLE second_step ADD COLUMN wrong_codes INTEGER NOT NULL DEFAULT 0;
                    """)
        }
        migrator.registerMigration("addAccountLanguage") { db in
            try db.execute(
                sql: """
                    -- A BCP 47 tag the person chose to read in; NULL follows their browser's Accept-Language.
                    ALTER TABLE account ADD COLUMN language TEXT CHECK (language IS NULL OR length(language) BETWEEN 2 AND 35);
                    """)
        }
        migrator.registerMigration("addPushSubscriptions") { db in
            try db.execute(
                sql: """
                    -- A browser that agreed to be sent reminders (Web Push): its push service's address for it
                    -- and the keys its messages are encrypted to (RFC 8291). `device` names it on the page.
                    CREATE TABLE push_subscription (
                        id INTEGER PRIMARY KEY,
                        account_id INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                        endpoint TEXT NOT NULL UNIQUE CHECK (length(endpoint) <= 2048),
                        receiver_key BLOB NOT NULL CHECK (length(receiver_key) = 65),
                        auth_secret BLOB NOT NULL CHECK (length(auth_secret) = 16),
                        device TEXT NOT NULL,
                        added_at TEXT NOT NULL,
                        last_sent_at TEXT,
                        last_failure TEXT
                    ) STRICT;
                    CREATE INDEX push_subscription_by_account ON push_subscription(account_id);
                    """)
        }
        migrator.registerMigration("addReminders") { db in
            try db.execute(
                sql: """
                    -- How a person is reminded: their time zone, the hours nothing is sent in, and the
                    -- browser's Accept-Language when they chose, so a reminder reads as their pages do.
                    CREATE TABLE reminder_plan (
                        account_id INTEGER PRIMARY KEY REFERENCES account(id) ON DELETE CASCADE,
                        time_zone TEXT NOT NULL CHECK (length(time_zone) BETWEEN 1 AND 64),
                        quiet_from_minute INTEGER CHECK (quiet_from_minute BETWEEN 0 AND 1439),
                        quiet_until_minute INTEGER CHECK (quiet_until_minute BETWEEN 0 AND 1439),
                        accept_language TEXT CHECK (length(accept_language) <= 200),
                        updated_at TEXT NOT NULL
                    ) STRICT;
                    -- Each kind they turned on, at a minute of their day, on the weekdays of a mask (bit 0 Sunday).
                    CREATE TABLE reminder (
                        account_id INTEGER NOT NULL REFERENCES reminder_plan(account_id) ON DELETE CASCADE,
                        kind TEXT NOT NULL CHECK (kind IN ('breakfast', 'lunch', 'dinner', 'water', 'weigh-in', 'digest')),
                        minute_of_day INTEGER NOT NULL CHECK (minute_of_day BETWEEN 0 AND 1439),
                        weekdays INTEGER NOT NULL CHECK (weekdays BETWEEN 1 AND 127),
                        PRIMARY KEY (account_id, kind)
                    ) STRICT, WITHOUT ROWID;
                    -- Every occasion the scheduler took up, claimed before anything is sent: a restart
                    -- finds it and never sends it twice. `outcome` is what it came to.
                    CREATE TABLE reminder_occasion (
                        account_id INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                        kind TEXT NOT NULL,
                        local_date TEXT NOT NULL,
                        handled_at TEXT NOT NULL,
                        outcome TEXT NOT NULL CHECK (outcome IN ('sending', 'sent', 'not-needed', 'no-device', 'failed')),
                        PRIMARY KEY (account_id, kind, local_date)
                    ) STRICT, WITHOUT ROWID;
                    """)
        }
        migrator.registerMigration("addReminderMail") { db in
            // The address a person's mail reminders go to, and which kinds go by mail rather than push.
            try db.execute(
                sql: """
                    ALTER TABLE reminder_plan ADD COLUMN mail_address TEXT CHECK (mail_address IS NULL OR length(mail_address) <= 254);
                    ALTER TABLE reminder ADD COLUMN by_mail INTEGER NOT NULL DEFAULT 0 CHECK (by_mail IN (0, 1));
                    """)
        }
        migrator.registerMigration("addReportShares") { db in
            // A read-only link to one report of one diary, for a dietitian: the link's secret is
            // kept as its SHA-256 only; it stops at `expires_at` or when revoked.
            try db.execute(
                sql: """
                    CREATE TABLE report_share (
                        id INTEGER PRIMARY KEY,
                        account_id INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                        diary_id INTEGER NOT NULL REFERENCES diary(id) ON DELETE CASCADE,
                        token_sha256 BLOB NOT NULL UNIQUE CHECK (length(token_sha256) = 32),
                        first_day TEXT NOT NULL CHECK (length(first_day) = 10),
                        last_day TEXT NOT NULL CHECK (length(last_day) = 10 AND last_day >= first_day),
                        created_at TEXT NOT NULL,
                        expires_at TEXT NOT NULL,
                        revoked_at TEXT
                    ) STRICT;
                    CREATE INDEX report_share_by_account ON report_share(account_id);
                    """)
        }
        return migrator
    }
}
