import FoodDiaryBase
import FoodDiaryWeb
import Foundation

/// `/settings/reminders`: the person's subscribed browsers and what a test push came to.
struct RemindersView: Sendable {
    struct Device: Sendable {
        let id: Int64
        let name: String
        let added: String
        /// "last reminder …" or why the last one did not arrive.
        let lastSent: String?
        let lastFailure: String?
    }

    let title = tr("Reminders")
    let notice: String?
    /// What the test push came to, beside its button.
    let testResult: String?
    let testFailed: Bool
    let devices: [Device]
    let hasDevices: Bool
    let publicKey: String
    let csrfToken: String

    init(
        rows: [PushSubscriptionRow], publicKey: String, csrfToken: String, notice: String?, tally: PushDevices.Tally?,
        timeZone: TimeZone
    ) {
        devices = rows.compactMap { row in
            guard let id = row.id else { return nil }
            return Device(
                id: id, name: DeviceName.shown(row.device),
                added: tr("added \(LocalDateTime(row.addedAt, in: timeZone).date.dayMonthYearText)"),
                lastSent: row.lastSentAt.map {
                    let time = LocalDateTime($0, in: timeZone)
                    return tr("last reminder \(time.date.dayMonthYearText), \(time.clockText)")
                },
                lastFailure: row.lastFailure.flatMap(PushDelivery.Failure.init(code:)).map(\.sentence))
        }
        hasDevices = !devices.isEmpty
        self.publicKey = publicKey
        self.csrfToken = csrfToken
        self.notice = notice
        testResult = tally.map(Self.said)
        testFailed = tally.map { $0.delivered == 0 } ?? false
    }

    private static func said(_ tally: PushDevices.Tally) -> String {
        var parts: [String] = []
        if tally.delivered > 0 {
            parts.append(
                tr(
                    one: "Sent to \(tally.delivered) device: it shows in a moment.",
                    other: "Sent to \(tally.delivered) devices: they show in a moment.", count: tally.delivered))
        }
        if tally.gone > 0 {
            parts.append(
                tr(
                    one: "\(tally.gone) device had stopped taking reminders and was taken away.",
                    other: "\(tally.gone) devices had stopped taking reminders and were taken away.", count: tally.gone))
        }
        for failure in tally.failures { parts.append(failure.sentence) }
        return parts.isEmpty
            ? tr("No device takes reminders yet: turn them on above, on each phone or computer.") : parts.joined(separator: " ")
    }
}
