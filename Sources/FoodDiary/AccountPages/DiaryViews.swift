import FoodDiaryBase
import Foundation

struct DiariesView: Sendable {
    let title = tr("Your diaries")
    let csrfToken: String
    let notice: String?
    let diaries: [Row]
    let newName: String
    let nameError: String?
    let hasErrors: Bool
    let errorSummary = ErrorSummary.nothingChanged

    struct Row: Sendable {
        let name: String
        let isCurrent: Bool
        let openAction: String
        let renameAction: String
        let deleteURL: String
    }

    init(diaries: [DiaryRecord], current: Int64, csrfToken: String, notice: String?, newName: String, nameError: String?) {
        self.csrfToken = csrfToken
        self.notice = notice
        self.diaries = diaries.map { diary in
            Row(
                name: diary.name, isCurrent: diary.id == current, openAction: "/diaries/\(diary.id)/open",
                renameAction: "/diaries/\(diary.id)/rename", deleteURL: "/diaries/\(diary.id)/delete")
        }
        self.newName = newName
        self.nameError = nameError
        hasErrors = nameError != nil
    }
}

struct DeleteDiaryView: Sendable {
    let title = tr("Delete this diary?")
    let confirmLabel = tr("Type the diary's name to confirm")
    let csrfToken: String
    let name: String
    let action: String
    let typed: String
    let error: String?

    init(diary: DiaryRecord, csrfToken: String, typed: String = "", error: String? = nil) {
        self.csrfToken = csrfToken
        name = diary.name
        action = "/diaries/\(diary.id)/delete"
        self.typed = typed
        self.error = error
    }
}
