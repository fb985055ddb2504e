import FoodDiaryStorage
import Foundation
import GRDB

/// A row of `push_subscription`: one browser of one person.
struct PushSubscriptionRow: Codable, FetchableRecord, MutablePersistableRecord, Sendable {
    static let databaseTableName = "push_subscription"

    var id: Int64?
    var accountID: Int64
    var endpoint: String
    var receiverKey: Data
    var authSecret: Data
    var device: String
    var addedAt: Date
    var lastSentAt: Date?
    var lastFailure: String?

    enum CodingKeys: String, CodingKey, ColumnExpression {
        case id, endpoint, device
        case accountID = "account_id", receiverKey = "receiver_key", authSecret = "auth_secret", addedAt = "added_at"
        case lastSentAt = "last_sent_at", lastFailure = "last_failure"
    }

    typealias Columns = CodingKeys

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    var subscription: PushSubscription? {
        URL(string: endpoint).map { PushSubscription(endpoint: $0, receiverKey: receiverKey, authSecret: authSecret) }
    }
}

extension AccountsDatabase {
    /// Devices one person may have subscribed: more is a script, not a household's phones.
    static let pushDevicesKept = 10

    /// Keeps `subscription` for the account; a browser subscribing again (same endpoint) keeps
    /// one row, now the account's. Past `pushDevicesKept`, the oldest goes.
    func keepPushSubscription(_ subscription: PushSubscription, accountID: Int64, device: String, now: Date) async throws {
        try await write { db in
            try PushSubscriptionRow.filter(PushSubscriptionRow.Columns.endpoint == subscription.endpoint.absoluteString).deleteAll(db)
            var row = PushSubscriptionRow(
                accountID: accountID, endpoint: subscription.endpoint.absoluteString, receiverKey: subscription.receiverKey,
                authSecret: subscription.authSecret, device: device, addedAt: now)
            try row.insert(db)
            let kept = try PushSubscriptionRow.filter(PushSubscriptionRow.Columns.accountID == accountID)
                .order(PushSubscriptionRow.Columns.id.desc).limit(Self.pushDevicesKept).select(
                    PushSubscriptionRow.Columns.id, as: Int64.self
                )
                .fetchAll(db)
            try PushSubscriptionRow.filter(
                PushSubscriptionRow.Columns.accountID == accountID && !kept.contains(PushSubscriptionRow.Columns.id)
            )
            .deleteAll(db)
        }
    }

    /// The person's subscribed browsers, newest first.
    func pushSubscriptions(accountID: Int64) async throws -> [PushSubscriptionRow] {
        try await read { db in
            try PushSubscriptionRow.filter(PushSubscriptionRow.Columns.accountID == accountID).order(PushSubscriptionRow.Columns.id.desc)
                .fetchAll(db)
        }
    }

    /// Removes one of the person's browsers; false when it is not theirs or is gone.
    @discardableResult
    func removePushSubscription(id: Int64, accountID: Int64) async throws -> Bool {
        try await write { db in
            try PushSubscriptionRow.filter(key: id).filter(PushSubscriptionRow.Columns.accountID == accountID).deleteAll(db) > 0
        }
    }

    /// What the last push to `id` came to: sent (at `now`) or its failure in words.
    func notePush(id: Int64, failure: String?, now: Date) async throws {
        try await write { db in
            if let failure {
                try PushSubscriptionRow.filter(key: id).updateAll(db, PushSubscriptionRow.Columns.lastFailure.set(to: failure))
            } else {
                try PushSubscriptionRow.filter(key: id).updateAll(
                    db, PushSubscriptionRow.Columns.lastSentAt.set(to: now), PushSubscriptionRow.Columns.lastFailure.set(to: nil))
            }
        }
    }
}
