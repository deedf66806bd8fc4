# Installation: ncsc, ncs-lcp, the runtime library and headers, a CMake
# package and a pkg-config file. Included last by the top-level CMakeLists.txt.
include(CMakePackageConfigHelpers)
# Exported as ncs::runtime, ncs::layout and ncs::ncsc.
set_target_properties(ncs_runtime PROPERTIES EXPORT_NAME runtime)
set_target_properties(ncs_layout PROPERTIES EXPORT_NAME layout)

install(TARGETS ncs_layout ncs_runtime EXPORT ncsTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(TARGETS ncsc EXPORT ncsTargets RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
# the .dat solver the README, the man page and every failed step point to
install(TARGETS ncs-lcp RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/runtime/include/ncs
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(EXPORT ncsTargets NAMESPACE ncs:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/ncs)

configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/ncsConfig.cmake.in
  ${PROJECT_BINARY_DIR}/ncsConfig.cmake
  INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/ncs)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/ncsConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/ncsConfig.cmake
              ${PROJECT_BINARY_DIR}/ncsConfigVersion.cmake
              ${CMAKE_CURRENT_LIST_DIR}/NcsAddScene.cmake
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/ncs)

# relocatable: the prefix is found from the .pc file's own directory
file(RELATIVE_PATH NCS_PC_UP "/r/${CMAKE_INSTALL_LIBDIR}/pkgconfig" "/r")
configure_file(${CMAKE_CURRENT_LIST_DIR}/ncs.pc.in ${PROJECT_BINARY_DIR}/ncs.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/ncs.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

install(FILES ${PROJECT_SOURCE_DIR}/docs/ncsc.1 DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
