# inferscope_discover_tests(<target> LABELS <label>... [DISCOVERY_TIMEOUT <s>])
#
# gtest_discover_tests with several labels. gtest_discover_tests(PROPERTIES LABELS "a;b") keeps
# only "a" (CMake 3.25 splits the list into separate property names), so the labels are set by a
# script that ctest runs after the discovered test list has been included.
include(GoogleTest)
function(inferscope_discover_tests target)
  cmake_parse_arguments(ARG "" "DISCOVERY_TIMEOUT" "LABELS" ${ARGN})
  if(NOT ARG_DISCOVERY_TIMEOUT)
    set(ARG_DISCOVERY_TIMEOUT 60)
  endif()
  gtest_discover_tests(${target} DISCOVERY_TIMEOUT ${ARG_DISCOVERY_TIMEOUT})
  string(REPLACE ";" "\\;" labels "${ARG_LABELS}")
  set(script ${CMAKE_CURRENT_BINARY_DIR}/${target}_labels.cmake)
  file(WRITE ${script} "foreach(test IN LISTS ${target}_TESTS)\n"
                       "  set_tests_properties(\"\${test}\" PROPERTIES LABELS \"${labels}\")\n"
                       "endforeach()\n")
  set_property(DIRECTORY APPEND PROPERTY TEST_INCLUDE_FILES ${script})
endfunction()
