/// A day's exercise and steps: energy eaten, burned and the balance, the activities with their
/// forms, and the steps counted.
struct DayActivityView: Sendable {
    struct Option: Sendable { let key: String; let label: String; let selected: Bool }
    struct Group: Sendable { let label: String; let options: [Option] }
    /// An activity had before, offered again in one tap with the minutes (or energy) it had.
    struct Usual: Sendable {
        let buttonText: String
        let kind: String?
        let ownName: String?
        let minutesValue: String?
        let energyValue: String?
    }
    struct Row: Sendable {
        let name: String
        let detailText: String
        let timeText: String
        let deleteURL: String
    }

    let csrfToken: String
    let day: String
    let eatenText: String
    let burnedText: String
    let netText: String
    /// The day's energy goal grown by its exercise, when the person asked for that.
    let goalNote: String?
    /// What a phone or a watch measured of the day's movement, which goals leave alone.
    let deviceText: String?
    /// The day's steps, the most any source counted: "8,300".
    let stepsText: String?
    /// What the person typed for the day, to correct; a phone's count is not theirs to edit.
    let stepsValue: String
    let stepsError: String?
    let usual: [Usual]
    let hasUsual: Bool
    let groups: [Group]
    let minutesValue: String
    let kindError: String?
    let minutesError: String?
    let ownName: String
    let energyValue: String
    let energyUnit: String
    let nameError: String?
    let energyError: String?
    /// The "something else" form opens by itself when what was typed in it needs correcting.
    let ownOpen: Bool
    let activities: [Row]
    let hasActivities: Bool
}
