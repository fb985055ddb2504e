import FoodDiaryBase
import Foundation

/// Sends one message to every browser a person subscribed, at once: a gone subscription (404/410)
/// is removed, the others note when they last got one or why not.
struct PushDevices: Sendable {
    let accounts: AccountsDatabase
    let delivery: PushDelivery

    init(accounts: AccountsDatabase, delivery: PushDelivery) {
        self.accounts = accounts
        self.delivery = delivery
    }

    /// With the server's VAPID key, made in the data folder on the first start.
    init(settings: FeatureSettings, accounts: AccountsDatabase) throws {
        let key = try VAPIDKey.loadOrCreate(in: settings.dataDirectory, contact: settings.pushContact)
        self.init(accounts: accounts, delivery: PushDelivery(key: key, allowsHomeNetwork: settings.pushServicesOnHomeNetwork))
    }

    struct Tally: Equatable, Sendable {
        var delivered = 0
        var gone = 0
        var failures: [PushDelivery.Failure] = []
    }

    func send(_ message: PushDelivery.Message, toAccount accountID: Int64, now: Date) async throws -> Tally {
        let rows = try await accounts.pushSubscriptions(accountID: accountID)
        let outcomes = await withTaskGroup(of: (Int64, PushDelivery.Outcome).self) { group in
            for row in rows {
                guard let id = row.id, let subscription = row.subscription else { continue }
                group.addTask { (id, await delivery.send(message, to: subscription, now: now)) }
            }
            var outcomes: [(Int64, PushDelivery.Outcome)] = []
            for await outcome in group { outcomes.append(outcome) }
            return outcomes
        }
        var tally = Tally()
        for (id, outcome) in outcomes {
            switch outcome {
            case .delivered:
                tally.delivered += 1
                try await accounts.notePush(id: id, failure: nil, now: now)
            case .gone:
                tally.gone += 1
                try await accounts.removePushSubscription(id: id, accountID: accountID)
            case .failed(let failure):
                tally.failures.append(failure)
                try await accounts.notePush(id: id, failure: failure.code, now: now)
            }
        }
        return tally
    }
}

/// A browser and its system from a User-Agent, to tell a person's devices apart on the page:
/// "Chrome/Android", "Safari/iPhone". Proper names only, so every language shows them as they are.
enum DeviceName {
    static func from(userAgent: String?) -> String {
        let agent = userAgent ?? ""
        let system =
            [
                ("iPhone", "iPhone"), ("iPad", "iPad"), ("Android", "Android"), ("Windows", "Windows"), ("Mac OS X", "Mac"),
                ("CrOS", "ChromeOS"),
                ("Linux", "Linux")
            ]
            .first { agent.contains($0.0) }?.1 ?? ""
        let browser =
            [
                ("Edg/", "Edge"), ("SamsungBrowser", "Samsung Internet"), ("Firefox/", "Firefox"), ("FxiOS", "Firefox"),
                ("CriOS", "Chrome"),
                ("Chrome/", "Chrome"), ("Chromium/", "Chromium"), ("Safari/", "Safari")
            ]
            .first { agent.contains($0.0) }?.1 ?? ""
        return browser + "/" + system
    }

    /// "Chrome on Android", in the page's language.
    static func shown(_ stored: String) -> String {
        let parts = stored.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let browser = parts.first ?? "", system = parts.count > 1 ? parts[1] : ""
        switch (browser.isEmpty, system.isEmpty) {
        case (false, false): return tr("\(browser) on \(system)", context: "device")
        case (false, true): return browser
        case (true, false): return system
        case (true, true): return tr("A browser")
        }
    }
}
