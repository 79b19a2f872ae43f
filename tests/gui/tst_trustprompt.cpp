// The trust prompt before a model file runs: it names the file and its hash; Cancel leaves the file
// untrusted; Trust remembers it in the user's store (the test's private XDG_CONFIG_HOME, see
// gui_test_main.h) so the next run asks nothing; an edited file is asked about again; zoo models
// and unreadable files never show a dialog.
#include <QApplication>
#include <QLabel>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <fstream>

#include "core/common/sha256.h"
#include "core/common/trust_store.h"
#include "gui/widgets/trust_prompt.h"
#include "tests/gui/gui_test_main.h"

using namespace inferscope;
using namespace inferscope::gui;

class TestTrustPrompt : public QObject {
  Q_OBJECT

  // Answers the next dialog: clicks Trust (or Cancel) and records what the dialog showed.
  void answerNextPrompt(bool trust) {
    shown_file_.clear();
    shown_hash_.clear();
    QTimer::singleShot(0, this, [this, trust] {
      auto* dialog = qobject_cast<TrustPrompt*>(QApplication::activeModalWidget());
      if (!dialog) return;  // no dialog: the test's QCOMPARE on prompted() catches it
      shown_file_ = dialog->findChild<QLabel*>(QStringLiteral("trustFile"))->text();
      shown_hash_ = dialog->findChild<QLabel*>(QStringLiteral("trustHash"))->text();
      if (trust) {
        QTest::mouseClick(dialog->findChild<QPushButton*>(QStringLiteral("trustButton")),
                          Qt::LeftButton);
      } else {
        dialog->reject();
      }
    });
  }
  bool prompted() const { return !shown_hash_.isEmpty(); }

  ModelRef fileModel(const std::string& path) {
    ModelRef model;
    model.source = ModelSource::TorchScript;
    model.path = path;
    return model;
  }

  QTemporaryDir dir_;
  QString shown_file_, shown_hash_;

 private slots:
  void cancelLeavesTheFileUntrustedAndTrustRemembersIt() {
    const std::string path = dir_.filePath(QStringLiteral("model.pt")).toStdString();
    std::ofstream(path) << "TorchScript from someone else";
    const std::string hash = sha256OfFile(path);

    auto model = fileModel(path);
    QString error;
    answerNextPrompt(false);
    QVERIFY(!TrustPrompt::ensureTrusted(nullptr, model, &error));
    QVERIFY(prompted());
    QVERIFY(error.isEmpty());  // declined, not failed
    QVERIFY(shown_file_.contains(QString::fromStdString(path)));
    QVERIFY(shown_hash_.contains(QString::fromStdString(hash)));
    QVERIFY(model.trusted_sha256.empty());
    QVERIFY(!TrustStore().isTrusted(hash));

    answerNextPrompt(true);
    QVERIFY(TrustPrompt::ensureTrusted(nullptr, model, &error));
    QVERIFY(prompted());
    QCOMPARE(model.trusted_sha256, hash);
    QVERIFY(TrustStore().isTrusted(hash));  // the CLI's store: `inferscope-cli trust --list`

    auto again = fileModel(path);
    answerNextPrompt(false);
    QVERIFY(TrustPrompt::ensureTrusted(nullptr, again, &error));
    QVERIFY(!prompted());  // remembered: no second question
    QCOMPARE(again.trusted_sha256, hash);
    QApplication::processEvents();  // let the unanswered single shot run while no dialog is up

    std::ofstream(path, std::ios::app) << " and an edit";
    auto edited = fileModel(path);
    answerNextPrompt(false);
    QVERIFY(!TrustPrompt::ensureTrusted(nullptr, edited, &error));
    QVERIFY(prompted());  // new content, new question
  }

  void zooModelsAndUnreadableFilesShowNoDialog() {
    ModelRef zoo;
    zoo.name = "resnet18";
    QString error;
    answerNextPrompt(true);
    QVERIFY(TrustPrompt::ensureTrusted(nullptr, zoo, &error));
    QVERIFY(!prompted());
    QApplication::processEvents();

    auto missing = fileModel(dir_.filePath(QStringLiteral("gone.pt")).toStdString());
    answerNextPrompt(true);
    QVERIFY(!TrustPrompt::ensureTrusted(nullptr, missing, &error));
    QVERIFY(!prompted());
    QVERIFY2(error.contains(QStringLiteral("gone.pt")), qPrintable(error));
    QApplication::processEvents();

    auto folder = fileModel(dir_.path().toStdString());
    QVERIFY(!TrustPrompt::ensureTrusted(nullptr, folder, &error));
    QVERIFY2(error.contains(QStringLiteral("not a regular file")), qPrintable(error));
  }
};

INFERSCOPE_GUI_TEST_MAIN(TestTrustPrompt, QApplication)
#include "tst_trustprompt.moc"
