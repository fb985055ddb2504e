import FoodDiaryBase
import FoodDiaryWeb
import Foundation

/// `/settings/reminders`: what the person is reminded of, their subscribed browsers and what a
/// test push came to.
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
    let plan: ReminderPlanView

    init(
        rows: [PushSubscriptionRow], plan: ReminderPlanView, publicKey: String, csrfToken: String, notice: String?,
        tally: PushDevices.Tally?, timeZone: TimeZone
    ) {
        self.plan = plan
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

/// The reminders a person turned on, as the form shows them, with what each last came to.
struct ReminderPlanView: Sendable {
    struct Day: Sendable {
        let field: String
        let name: String
        let checked: Bool
    }

    struct Kind: Sendable {
        let key: String
        let name: String
        let explanation: String
        let isOn: Bool
        let time: String
        let hasWeekdays: Bool
        let days: [Day]
        /// Whether it may go by mail (the week in figures, on a server that sends mail).
        let offersMail: Bool
        let byMail: Bool
        /// "Last sent 9 Mar, 14:00", or what the last occasion came to instead.
        let last: String?
    }

    let kinds: [Kind]
    let timeZone: String
    let quietFrom: String
    let quietUntil: String
    /// False until the person first saves: the page's script then offers the device's time zone.
    let isSaved: Bool
    let notice: String?
    let offersMail: Bool
    let mailAddress: String
    /// What the test mail came to, beside its button.
    let mailResult: String?
    let mailFailed: Bool
    let problems: [String]
    let hasProblems: Bool

    /// Monday first, as the week is read in most of the languages served.
    private static let weekdayOrder = [1, 2, 3, 4, 5, 6, 0]

    init(
        form: ReminderPlanForm, isSaved: Bool, notice: String?, offersMail: Bool, mailResult: (text: String, failed: Bool)?,
        last: [ReminderKind: (at: Date, outcome: ReminderOutcome)], problems: [String] = []
    ) {
        self.notice = notice
        self.offersMail = offersMail
        mailAddress = form.mailAddress
        self.mailResult = mailResult?.text
        mailFailed = mailResult?.failed ?? false
        let zone = TimeZone(identifier: form.timeZone) ?? .gmt
        kinds = form.kinds.map { kind in
            Kind(
                key: kind.kind.rawValue, name: kind.kind.name, explanation: kind.kind.explanation, isOn: kind.isOn, time: kind.time,
                hasWeekdays: kind.kind.hasWeekdays,
                days: Self.weekdayOrder.map {
                    Day(field: "day_\(kind.kind.rawValue)_\($0)", name: CalendarWords.shortWeekday($0), checked: kind.weekdays.contains($0))
                }, offersMail: offersMail && kind.kind == .digest, byMail: kind.byMail,
                last: last[kind.kind].map { Self.said($0.outcome, at: LocalDateTime($0.at, in: zone)) })
        }
        timeZone = form.timeZone
        quietFrom = form.quietFrom
        quietUntil = form.quietUntil
        self.isSaved = isSaved
        self.problems = problems
        hasProblems = !problems.isEmpty
    }

    private static func said(_ outcome: ReminderOutcome, at time: LocalDateTime) -> String {
        let when = "\(time.date.shortDayMonthText), \(time.clockText)"
        switch outcome {
        case .sent: return tr("Last sent \(when).")
        case .notNeeded: return tr("\(when): not needed that day, nothing was sent.")
        case .noDevice: return tr("\(when): no device takes reminders, so nothing was sent.")
        case .failed: return tr("\(when): it could not be sent; the devices below say why.")
        case .sending: return tr("\(when): the server stopped while sending it.")
        }
    }
}
