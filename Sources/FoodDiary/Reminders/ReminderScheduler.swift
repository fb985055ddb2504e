import FoodDiaryBase
import FoodDiaryWeb
import Foundation
import Logging
import ServiceLifecycle

/// Sends the reminders that are due, every minute while the server runs and once at its start,
/// so one due while it was stopped goes out after (if still worth sending). Each occasion is
/// claimed in the accounts database before anything is sent: neither a restart nor the
/// `fooddiary reminders send-due` command beside the server sends one twice.
struct ReminderScheduler: Service {
    let accounts: AccountsDatabase
    let diaries: DiaryAccess
    let devices: PushDevices
    /// The household's SMTP server; nil when mail is not set up.
    let mail: OutboundMail?
    let languages: Languages
    let logger: Logger
    let now: @Sendable () -> Date

    /// People whose reminders are worked out at once: each waits on its push services (10 s at most).
    static let peopleAtOnce = 8
    /// How long an occasion is remembered: long past the latest any may still be sent.
    static let remembered: TimeInterval = 60 * 86_400

    struct Handled: Sendable, Equatable {
        let accountID: Int64
        let kind: ReminderKind
        let date: LocalDate
        let outcome: ReminderOutcome
    }

    /// Handles every occasion due now that nobody handled before; what each came to.
    func sendDue() async -> [Handled] {
        let now = now()
        let plans: [(account: Account, plan: ReminderPlan)]
        do {
            try await accounts.forgetReminderOccasions(before: now.addingTimeInterval(-Self.remembered))
            plans = try await accounts.reminderPlans()
        } catch is CancellationError {
            return [] // the server is stopping
        } catch {
            logger.error("Reading the reminders failed: \(error)")
            return []
        }
        var handled: [Handled] = []
        for start in stride(from: 0, to: plans.count, by: Self.peopleAtOnce) {
            await withTaskGroup(of: [Handled].self) { group in
                for (account, plan) in plans[start..<min(start + Self.peopleAtOnce, plans.count)] {
                    group.addTask { await handleDue(for: account, plan, now: now) }
                }
                for await some in group { handled += some }
            }
        }
        return handled
    }

    private func handleDue(for account: Account, _ plan: ReminderPlan, now: Date) async -> [Handled] {
        var handled: [Handled] = []
        // Without mail set up here (a command run without --smtp), a mail reminder is left unclaimed
        // for the server that has it.
        for occasion in plan.occasionsDue(at: now) where mail != nil || plan.reminder(occasion.kind)?.byMail != true {
            do {
                guard try await accounts.claimReminderOccasion(occasion, accountID: account.id, now: now) else { continue }
                let outcome: ReminderOutcome
                do {
                    outcome = try await send(occasion, to: account, plan, now: now)
                } catch {
                    logger.error("A reminder (\(occasion.kind.rawValue)) for account \(account.id) failed: \(error)")
                    outcome = .failed
                }
                try await accounts.noteReminderOccasion(occasion, accountID: account.id, outcome: outcome, now: now)
                handled.append(Handled(accountID: account.id, kind: occasion.kind, date: occasion.date, outcome: outcome))
            } catch {
                logger.error("Keeping a reminder's outcome for account \(account.id) failed: \(error)")
            }
        }
        return handled
    }

    private func send(_ occasion: ReminderPlan.Occasion, to account: Account, _ plan: ReminderPlan, now: Date) async throws
        -> ReminderOutcome
    {
        let diary = try await diaries.openDiary(of: account, now: now).diary
        let conventions = try await conventions(of: account, plan).bound { try await diary.conventions() }
        return try await conventions.bound {
            guard let message = try await diary.database.read({ db in try ReminderMessages.message(for: occasion, db) }) else {
                return .notNeeded
            }
            if plan.reminder(occasion.kind)?.byMail == true {
                guard let mail, let address = plan.mailAddress else { return .noDevice } // no address: nowhere to send
                let text = message.body + "\n\n" + tr("To stop these mails: FoodDiary → Settings → Reminders.")
                do {
                    try await mail.send(to: address, subject: message.title, text: text, now: now)
                    return .sent
                } catch {
                    logger.notice("A reminder mail for account \(account.id) did not go: \(error)")
                    return .failed
                }
            }
            let tally = try await devices.send(message, toAccount: account.id, now: now)
            if tally.delivered > 0 { return .sent }
            return tally.failures.isEmpty ? .noDevice : .failed
        }
    }

    /// The language and conventions the person's pages are in: their chosen language, or their
    /// browser's when they saved the plan.
    private func conventions(of account: Account, _ plan: ReminderPlan) -> RequestConventions {
        let browser = plan.acceptLanguage
        let conventions = RequestConventions(acceptLanguage: browser, language: languages.preferred(acceptLanguage: browser))
        guard let chosen = account.language.flatMap(languages.named) else { return conventions }
        return conventions.speaking(chosen, acceptLanguage: browser)
    }

    func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                // Apart from the stop's cancellation: reminders being sent when the server is asked
                // to stop are sent and written down (within the stop's own deadline), not cut off
                // between the push and the note that it went.
                _ = await Task { await sendDue() }.value
                // A second into the next minute: every reminder is set to a minute.
                let intoMinute = now().timeIntervalSince1970.truncatingRemainder(dividingBy: 60)
                try? await Task.sleep(for: .seconds(61 - intoMinute))
            }
        }
    }
}

/// `fooddiary reminders send-due`: the scheduler the server runs, on the data folder's files,
/// once; beside a running server too, since each occasion is claimed before it is sent. A line
/// for each occasion handled.
package func sendDueReminders(
    settings: FeatureSettings, accountsPath: String, diariesDirectory: String, maxPhotoPixels: Int, languages: Languages,
    logger: Logger, now: @escaping @Sendable () -> Date
) async throws -> [String] {
    let accounts = try AccountsDatabase.open(path: accountsPath)
    let diaries = DiaryAccess(
        accounts: accounts, pool: DiaryPool(files: DiaryFiles(directory: diariesDirectory), maxPhotoPixels: maxPhotoPixels))
    let scheduler = ReminderScheduler(
        accounts: accounts, diaries: diaries, devices: try PushDevices(settings: settings, accounts: accounts),
        mail: settings.mail.map(OutboundMail.init), languages: languages,
        logger: logger, now: now)
    return await scheduler.sendDue().map { "account \($0.accountID): \($0.kind.rawValue) of \($0.date): \($0.outcome.rawValue)" }
}
