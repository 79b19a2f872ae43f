// main() for the GUI test suites: forces the offscreen platform (no display needed) and gives
// each suite a private, empty QSettings store, so a developer's saved window state can neither
// influence a test nor be overwritten by one.
#pragma once

#include <QCoreApplication>
#include <QDir>
#include <QSettings>
#include <QStandardPaths>
#include <QTest>

// A session file of tests/fixtures/ by name ("h200_resnet50_b32").
inline QString fixture(const char* name) {
  return QStringLiteral(INFERSCOPE_SOURCE_DIR "/tests/fixtures/%1.inferscope.json")
      .arg(QLatin1String(name));
}

#define INFERSCOPE_GUI_TEST_MAIN(TestClass, AppClass)                                          \
  int main(int argc, char** argv) {                                                            \
    qputenv("QT_QPA_PLATFORM", "offscreen");                                                   \
    if (qEnvironmentVariableIsEmpty("QT_QPA_FONTDIR"))                                         \
      qputenv("QT_QPA_FONTDIR", "/usr/share/fonts/truetype/dejavu");                           \
    const QString config_home = QDir::temp().filePath(                                         \
        QStringLiteral("inferscope-gui-tests-%1").arg(QCoreApplication::applicationPid()));    \
    qputenv("XDG_CONFIG_HOME", config_home.toLocal8Bit());                                     \
    AppClass app(argc, argv);                                                                  \
    QCoreApplication::setOrganizationName(QStringLiteral("InferScopeTests"));                  \
    QCoreApplication::setApplicationName(QStringLiteral(#TestClass));                          \
    QSettings().clear();                                                                       \
    QStandardPaths::setTestModeEnabled(true); /* autosave files stay out of the user's data */ \
    TestClass test;                                                                            \
    const int rc = QTest::qExec(&test, argc, argv);                                            \
    QDir(config_home).removeRecursively();                                                     \
    return rc;                                                                                 \
  }
